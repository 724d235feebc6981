//===- RelayVizImport.cpp - import RelayViz JSON ----------------*- C++ -*-===//
//
// Part of the nngraph project.
//
//===----------------------------------------------------------------------===//
//
// This file implements the importer of RelayViz JSON (docs/Formats/RelayViz.md;
// the resolutions cited below are numbered there).
// The entry is the Function no other node references (or `root`). Let and
// Bind are substitutions applied at load time: a bound Var stands for its
// value, a Let for its body, a Bind for its expression. References are
// resolved lazily in any order; a depth-first walk from the entry's body
// rejects cycles and gives the order of the operations. Every node is then
// placed in the innermost If branch that holds all its uses, so that an If
// becomes an `scf.if` whose regions hold exactly the branch-only work. Calls
// map to typed nngraph operations through the table of RelayVizOps.cpp;
// unknown operators become `nngraph.custom` (domain "relayviz").
//
//===----------------------------------------------------------------------===//

#include "nngraph/Target/RelayViz/RelayVizImport.h"
#include "RelayVizOps.h"
#include "nngraph/Target/Common/ExportSupport.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::nngraph;
using namespace mlir::nngraph::relayviz;

namespace {

/// A use of a node by another: `path` holds the reference; `branch` is 0 or 1
/// for the true and false branch of an If, else -1.
struct Edge {
  int64_t target;
  std::string path;
  int branch;
};

/// An If branch (or the function body, scope 0).
struct Scope {
  int parent;
  int depth;
};

class Importer {
public:
  Importer(GraphBuilder &gb, const Graph &graph, const ImportOptions &options)
      : gb(gb), graph(graph), options(options), b(gb.getBuilder()) {}
  OwningOpRef<ModuleOp> run();

private:
  std::string nodeName(int64_t id) const;
  void error(int64_t id, llvm::StringRef path, const llvm::Twine &message) {
    gb.emitNodeError(nodeName(id), path, message);
  }
  int64_t findEntry();
  void collectSubstitutions(int64_t entry);
  void addArguments(int64_t fn);
  int64_t resolve(const Ref &ref, int64_t user);
  std::vector<Edge> getEdges(int64_t id);
  void walk(int64_t root);
  void place(int64_t root);
  int lca(int x, int y);
  void materializeScope(int scope);
  void materialize(int64_t id);
  /// What node `id` evaluated to, if it was evaluated.
  std::optional<NodeValue> get(int64_t id) const;
  void set(int64_t id, const NodeValue &value);
  void buildConst(int64_t id);
  void buildTuple(int64_t id);
  void buildTupleGetItem(int64_t id);
  void buildIf(int64_t id);
  void buildCall(int64_t id);
  void buildCustom(CallContext &ctx);
  RankedTensorType getType(const TensorTypeDesc &desc, int64_t id,
                           llvm::StringRef path,
                           llvm::StringRef shapePath = "");

  GraphBuilder &gb;
  const Graph &graph;
  const ImportOptions &options;
  OpBuilder &b;
  /// Var node -> the node it stands for (Let value or Bind expression).
  llvm::DenseMap<int64_t, int64_t> substitution;
  /// Let: the variable's name names an unnamed value (the Call it binds).
  llvm::DenseMap<int64_t, std::string> nameHints;
  /// Entry parameters (Var node -> argument).
  llvm::DenseMap<int64_t, Value> arguments;
  llvm::DenseMap<int64_t, std::vector<Edge>> edges;
  /// Nodes in depth-first post order (operands before users).
  std::vector<int64_t> order;
  llvm::DenseMap<int64_t, int> scopeOf;
  std::vector<Scope> scopes;
  /// If node -> the scopes of its true and false branch.
  llvm::DenseMap<int64_t, std::pair<int, int>> branchScopes;
  std::vector<std::vector<int64_t>> scopeNodes;
  /// Evaluated nodes: their field count and whether they are a tuple. The
  /// fields themselves are in the GraphBuilder's value table at (id, field).
  llvm::DenseMap<int64_t, std::pair<size_t, bool>> evaluated;
  /// Highest TupleGetItem index used on each node (result count of customs).
  llvm::DenseMap<int64_t, int64_t> maxIndex;
};

} // namespace

std::string Importer::nodeName(int64_t id) const {
  const Node &node = graph.nodes[id];
  if (!node.name.empty() && node.kind != NodeKind::Op)
    return node.name;
  auto it = nameHints.find(id);
  if (it != nameHints.end())
    return it->second;
  return "node_" + std::to_string(id);
}

RankedTensorType Importer::getType(const TensorTypeDesc &desc, int64_t id,
                                   StringRef path, StringRef shapePath) {
  std::string shapeAt =
      shapePath.empty() ? jsonPath(path, "shape") : shapePath.str();
  Type element = getDTypeElementType(b.getContext(), desc.dtype);
  if (!element) {
    error(id, jsonPath(path, "dtype"),
          "unsupported dtype '" + desc.dtype + "'");
    return nullptr;
  }
  SmallVector<int64_t> shape;
  for (int64_t d : desc.shape) {
    if (d < -1) {
      error(id, shapeAt,
            "expected a size >= 0 or -1 (dynamic), got " + llvm::Twine(d));
      return nullptr;
    }
    shape.push_back(d < 0 ? ShapedType::kDynamic : d);
  }
  if (std::optional<std::string> tooMany = checkElementCount(desc.shape)) {
    error(id, shapeAt, *tooMany);
    return nullptr;
  }
  return RankedTensorType::get(shape, element);
}

/// Resolution 3: the Function (or a Bind of one) that nothing references;
/// the last such node, or `root` when given.
int64_t Importer::findEntry() {
  int64_t n = graph.nodes.size();
  if (graph.root) {
    const Node &root = graph.nodes[graph.root.id];
    if (root.kind != NodeKind::Function && root.kind != NodeKind::Bind) {
      gb.emitFileError("expected a Function at $.root, got " + root.kindName);
      return -1;
    }
    return graph.root.id;
  }
  std::vector<bool> referenced(n, false);
  for (const Node &node : graph.nodes) {
    for (const Ref &r : node.refs)
      if (r)
        referenced[r.id] = true;
    for (const Ref *r : {&node.body, &node.value, &node.cond, &node.trueBranch,
                         &node.falseBranch, &node.variable, &node.op})
      if (*r)
        referenced[r->id] = true;
    for (const auto &[key, r] : node.binds)
      if (r)
        referenced[r.id] = true;
  }
  for (int64_t i = n - 1; i >= 0; --i) {
    if (referenced[i])
      continue;
    int64_t fn = i;
    // A Bind of the entry function binds some of its parameters.
    for (int steps = 0; graph.nodes[fn].kind == NodeKind::Bind &&
                        graph.nodes[fn].body && steps < n;
         ++steps)
      fn = graph.nodes[fn].body.id;
    if (graph.nodes[fn].kind == NodeKind::Function)
      return i;
  }
  gb.emitFileError("no entry: expected a Function that no other node "
                   "references at $.nodes");
  return -1;
}

void Importer::collectSubstitutions(int64_t entry) {
  auto bindVar = [&](int64_t var, int64_t value, int64_t by, StringRef path) {
    if (!substitution.try_emplace(var, value).second)
      error(by, path,
            "variable '" + graph.nodes[var].name + "' is bound more than once");
  };
  for (auto [i, node] : llvm::enumerate(graph.nodes)) {
    if (node.kind == NodeKind::Let && node.variable && node.value) {
      const Node &var = graph.nodes[node.variable.id];
      if (var.kind != NodeKind::Var) {
        error(i, node.variable.path, "expected a Var, got " + var.kindName);
        continue;
      }
      bindVar(node.variable.id, node.value.id, i, node.variable.path);
      const Node &value = graph.nodes[node.value.id];
      if (value.name.empty() && value.kind != NodeKind::Var &&
          value.kind != NodeKind::Op)
        nameHints.try_emplace(node.value.id, var.name);
    }
    if (node.kind != NodeKind::Bind)
      continue;
    for (const auto &[key, ref] : node.binds) {
      if (!ref)
        continue;
      std::string path = jsonPath(jsonPath(node.path, "binds"), key);
      // Resolution 6: `node_<id>` naming a Var node is a reference.
      int64_t varId;
      StringRef rest = key;
      if (rest.consume_front("node_") && !rest.getAsInteger(10, varId) &&
          varId >= 0 && varId < static_cast<int64_t>(graph.nodes.size()) &&
          graph.nodes[varId].kind == NodeKind::Var) {
        bindVar(varId, ref.id, i, path);
        continue;
      }
      bool found = false;
      for (auto [v, var] : llvm::enumerate(graph.nodes))
        if (var.kind == NodeKind::Var && var.name == key) {
          bindVar(v, ref.id, i, path);
          found = true;
        }
      if (!found)
        error(i, path, "bind key '" + key + "' names no variable");
    }
  }
  (void)entry;
}

/// Follows Let (to its body), Bind (to its expression) and bound Vars to the
/// node that computes the value; reports kinds that are no value.
int64_t Importer::resolve(const Ref &ref, int64_t user) {
  if (!ref)
    return -1;
  int64_t id = ref.id;
  for (size_t steps = 0; steps <= graph.nodes.size(); ++steps) {
    const Node &node = graph.nodes[id];
    if (node.kind == NodeKind::Let || node.kind == NodeKind::Bind) {
      if (!node.body)
        return -1;
      id = node.body.id;
      continue;
    }
    if (node.kind == NodeKind::Var) {
      auto it = substitution.find(id);
      if (it != substitution.end()) {
        id = it->second;
        continue;
      }
      if (!arguments.count(id)) {
        error(user, ref.path,
              "free variable '" + node.name + "' (node " + llvm::Twine(id) +
                  ") is neither a parameter of the entry nor bound");
        return -1;
      }
      return id;
    }
    if (node.kind == NodeKind::Function || node.kind == NodeKind::Op) {
      error(user, ref.path,
            "unsupported RelayViz node kind " + node.kindName +
                " as a value (node " + llvm::Twine(id) + ")");
      return -1;
    }
    return id;
  }
  error(user, ref.path, "cycle of Let/Bind/Var substitutions");
  return -1;
}

std::vector<Edge> Importer::getEdges(int64_t id) {
  const Node &node = graph.nodes[id];
  std::vector<Edge> result;
  auto add = [&](const Ref &ref, int branch) {
    int64_t target = resolve(ref, id);
    if (target >= 0)
      result.push_back({target, ref.path, branch});
  };
  switch (node.kind) {
  case NodeKind::Call:
    if (node.op) {
      const Node &op = graph.nodes[node.op.id];
      if (op.kind != NodeKind::Op)
        error(id, node.op.path,
              "unsupported RelayViz node kind: Call of a " + op.kindName +
                  " (expected an Op node)");
    }
    for (const Ref &arg : node.refs)
      add(arg, -1);
    break;
  case NodeKind::Tuple:
    for (const Ref &field : node.refs)
      add(field, -1);
    break;
  case NodeKind::TupleGetItem:
    add(node.value, -1);
    break;
  case NodeKind::If:
    add(node.cond, -1);
    add(node.trueBranch, 0);
    add(node.falseBranch, 1);
    break;
  default:
    break;
  }
  return result;
}

/// Depth-first from the entry body: post order, cycles rejected.
void Importer::walk(int64_t root) {
  enum { Unseen, Active, Done };
  std::vector<char> state(graph.nodes.size(), Unseen);
  std::vector<std::pair<int64_t, size_t>> stack;
  state[root] = Active;
  edges[root] = getEdges(root);
  stack.emplace_back(root, 0);
  while (!stack.empty()) {
    auto &[id, next] = stack.back();
    std::vector<Edge> &out = edges[id];
    if (next == out.size()) {
      state[id] = Done;
      order.push_back(id);
      stack.pop_back();
      continue;
    }
    const Edge &edge = out[next++];
    if (state[edge.target] == Active) {
      error(id, edge.path,
            "cycle: this reference leads back to node " +
                llvm::Twine(edge.target));
      continue;
    }
    if (state[edge.target] == Done)
      continue;
    state[edge.target] = Active;
    int64_t target = edge.target;
    edges[target] = getEdges(target);
    stack.emplace_back(target, 0);
  }
}

int Importer::lca(int x, int y) {
  while (scopes[x].depth > scopes[y].depth)
    x = scopes[x].parent;
  while (scopes[y].depth > scopes[x].depth)
    y = scopes[y].parent;
  while (x != y) {
    x = scopes[x].parent;
    y = scopes[y].parent;
  }
  return x;
}

/// Places every node in the innermost scope that holds all its uses.
void Importer::place(int64_t root) {
  scopes.push_back({0, 0});
  scopeOf[root] = 0;
  for (int64_t id : llvm::reverse(order)) {
    int scope = scopeOf.lookup(id);
    std::pair<int, int> branches{scope, scope};
    if (graph.nodes[id].kind == NodeKind::If) {
      int depth = scopes[scope].depth + 1;
      branches.first = scopes.size();
      scopes.push_back({scope, depth});
      branches.second = scopes.size();
      scopes.push_back({scope, depth});
      branchScopes[id] = branches;
    }
    for (const Edge &edge : edges[id]) {
      int demand = edge.branch < 0    ? scope
                   : edge.branch == 0 ? branches.first
                                      : branches.second;
      auto [it, inserted] = scopeOf.try_emplace(edge.target, demand);
      if (!inserted)
        it->second = lca(it->second, demand);
    }
  }
  scopeNodes.resize(scopes.size());
  for (int64_t id : order)
    scopeNodes[scopeOf[id]].push_back(id);
}

std::optional<NodeValue> Importer::get(int64_t id) const {
  auto it = evaluated.find(id);
  if (it == evaluated.end())
    return std::nullopt;
  NodeValue value;
  value.isTuple = it->second.second;
  for (size_t field = 0; field < it->second.first; ++field)
    value.values.push_back(gb.lookupValue(id, field));
  return value;
}

void Importer::set(int64_t id, const NodeValue &value) {
  evaluated[id] = {value.values.size(), value.isTuple};
  for (auto [field, v] : llvm::enumerate(value.values))
    gb.setValue(id, field, v);
}

void Importer::materializeScope(int scope) {
  for (int64_t id : scopeNodes[scope])
    materialize(id);
}

void Importer::materialize(int64_t id) {
  // A node whose operand failed fails quietly (the operand reported).
  for (const Edge &edge : edges[id])
    if (edge.branch < 0 && !get(edge.target))
      return;
  switch (graph.nodes[id].kind) {
  case NodeKind::Var:
    set(id, NodeValue{{arguments.lookup(id)}});
    return;
  case NodeKind::Const:
    return buildConst(id);
  case NodeKind::Tuple:
    return buildTuple(id);
  case NodeKind::TupleGetItem:
    return buildTupleGetItem(id);
  case NodeKind::If:
    return buildIf(id);
  case NodeKind::Call:
    return buildCall(id);
  default:
    error(id, graph.nodes[id].path,
          "unsupported RelayViz node kind " + graph.nodes[id].kindName +
              " as a value");
  }
}

void Importer::buildConst(int64_t id) {
  const Node &node = graph.nodes[id];
  TensorTypeDesc desc{node.type.dtype, node.constShape};
  RankedTensorType type =
      getType(desc, id, node.path,
              jsonPath(jsonPath(node.path, "value"), "array_shape"));
  if (!type)
    return;
  std::string valuePath = jsonPath(node.path, "value");
  if (node.constIsTensor) {
    valuePath = jsonPath(valuePath, "array_value");
    if (!type.hasStaticShape() ||
        type.getNumElements() != static_cast<int64_t>(node.constValues.size()))
      return error(
          id, valuePath,
          "expected " +
              llvm::Twine(type.hasStaticShape() ? type.getNumElements() : -1) +
              " values for array_shape, got " +
              llvm::Twine(node.constValues.size()));
  }
  Type element = type.getElementType();
  SmallVector<Attribute> elements;
  for (auto [i, v] : llvm::enumerate(node.constValues)) {
    std::string path = node.constIsTensor ? jsonPath(valuePath, i) : valuePath;
    double number = 0;
    if (std::optional<bool> flag = v.getAsBoolean())
      number = *flag;
    else
      number = *v.getAsNumber();
    if (isa<FloatType>(element)) {
      elements.push_back(b.getFloatAttr(element, number));
      continue;
    }
    std::optional<int64_t> integer = v.getAsInteger();
    if (v.getAsBoolean())
      integer = *v.getAsBoolean();
    if (!integer || (element.isInteger(1) && *integer != 0 && *integer != 1))
      return error(id, path,
                   "expected a " + node.type.dtype + " value, got " +
                       llvm::formatv("{0}", v).str());
    elements.push_back(b.getIntegerAttr(element, *integer));
  }
  auto attr = DenseElementsAttr::get(type, elements);
  Value c = ConstantOp::create(b, gb.getNameLoc(nodeName(id)),
                               cast<ElementsAttr>(attr));
  set(id, NodeValue{{c}});
}

void Importer::buildTuple(int64_t id) {
  NodeValue result;
  result.isTuple = true;
  for (const Edge &edge : edges[id]) {
    std::optional<NodeValue> field = get(edge.target);
    if (field->isTuple)
      return error(id, edge.path, "nested tuples are not supported");
    result.values.push_back(field->values[0]);
  }
  set(id, result);
}

void Importer::buildTupleGetItem(int64_t id) {
  const Node &node = graph.nodes[id];
  std::optional<NodeValue> tuple = get(edges[id][0].target);
  std::string path = jsonPath(node.path, "index");
  if (!tuple->isTuple)
    return error(id, node.value.path, "expected a tuple");
  if (node.index < 0 ||
      node.index >= static_cast<int64_t>(tuple->values.size()))
    return error(id, path,
                 "index " + llvm::Twine(node.index) +
                     " out of range (tuple of " +
                     llvm::Twine(tuple->values.size()) + ")");
  Value v = tuple->values[node.index];
  if (!v)
    return error(id, path,
                 "tuple field " + llvm::Twine(node.index) +
                     " is not modelled by nngraph (only field 0 is)");
  set(id, NodeValue{{v}});
}

void Importer::buildIf(int64_t id) {
  const Node &node = graph.nodes[id];
  Location loc = gb.getNameLoc(nodeName(id));
  std::optional<NodeValue> cond = get(edges[id][0].target);
  auto condType = dyn_cast<RankedTensorType>(
      cond->isTuple ? Type() : cond->values[0].getType());
  if (!condType || condType.getRank() != 0 ||
      !condType.getElementType().isInteger(1))
    return error(id, node.cond.path,
                 "expected a scalar bool tensor as the If condition");
  Value flag = tensor::ExtractOp::create(b, loc, cond->values[0], ValueRange{});
  auto tmp = scf::IfOp::create(b, loc, TypeRange{}, flag, /*addThenBlock=*/true,
                               /*addElseBlock=*/true);
  auto [thenScope, elseScope] = branchScopes[id];
  SmallVector<SmallVector<Value>> yielded;
  bool ok = true;
  for (auto [k, scope, ref] : {std::tuple(0, thenScope, &node.trueBranch),
                               std::tuple(1, elseScope, &node.falseBranch)}) {
    OpBuilder::InsertionGuard guard(b);
    Block &block =
        k == 0 ? tmp.getThenRegion().front() : tmp.getElseRegion().front();
    b.setInsertionPointToEnd(&block);
    materializeScope(scope);
    std::optional<NodeValue> v = get(edges[id][k + 1].target);
    if (!v) {
      ok = false;
      continue;
    }
    yielded.emplace_back(v->values);
    if (llvm::is_contained(v->values, Value())) {
      error(id, ref->path, "branch value holds an unmodelled tuple field");
      ok = false;
      continue;
    }
    scf::YieldOp::create(b, loc, v->values);
  }
  if (ok &&
      TypeRange(ValueRange(yielded[0])) != TypeRange(ValueRange(yielded[1]))) {
    error(id, node.path, "the true and false branch have different types");
    ok = false;
  }
  if (!ok) {
    tmp->erase();
    return;
  }
  auto ifOp = scf::IfOp::create(b, loc, ValueRange(yielded[0]).getTypes(), flag,
                                false, false);
  ifOp.getThenRegion().takeBody(tmp.getThenRegion());
  ifOp.getElseRegion().takeBody(tmp.getElseRegion());
  tmp->erase();
  NodeValue result;
  result.isTuple = ifOp.getNumResults() != 1;
  result.values.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  set(id, result);
}

void Importer::buildCall(int64_t id) {
  const Node &node = graph.nodes[id];
  const Node *opNode = node.op ? &graph.nodes[node.op.id] : nullptr;
  if (opNode && opNode->kind != NodeKind::Op)
    return; // Reported by getEdges.
  std::string name = nodeName(id);
  CallContext ctx(gb, node,
                  opNode ? StringRef(opNode->name) : StringRef(node.opName),
                  name);
  const llvm::json::Object *opAttrs =
      opNode && opNode->attrs ? &*opNode->attrs : nullptr;
  const llvm::json::Object *callAttrs = node.attrs ? &*node.attrs : nullptr;
  ctx.bindAttrs(opAttrs, callAttrs,
                jsonPath(callAttrs ? node.path
                         : opAttrs ? opNode->path
                                   : "",
                         "attrs"));
  for (const Edge &edge : edges[id])
    ctx.args.push_back(*get(edge.target)); // Evaluated: see materialize.
  const OpSpec *spec = lookupRelay(ctx.opName);
  if (!spec && options.strict)
    return error(id, node.op ? node.op.path : jsonPath(node.path, "op"),
                 "unsupported operator '" + ctx.opName + "'");
  if (spec && importCall(ctx, *spec)) {
    if (!ctx.failed)
      set(id, ctx.result);
    return;
  }
  if (ctx.failed)
    return;
  buildCustom(ctx);
  set(id, ctx.result);
}

void Importer::buildCustom(CallContext &ctx) {
  SmallVector<Value> inputs;
  for (const NodeValue &arg : ctx.args)
    llvm::append_range(inputs, arg.values);
  Type element = b.getF32Type();
  if (!inputs.empty())
    element = cast<ShapedType>(inputs[0].getType()).getElementType();
  int64_t id = &ctx.call - graph.nodes.data();
  int64_t numResults = maxIndex.lookup(id) + 1;
  SmallVector<Type> types(numResults, UnrankedTensorType::get(element));
  SmallVector<NamedAttribute> attrs;
  if (ctx.hasAttrs)
    attrs.push_back(b.getNamedAttr(
        "source_attrs",
        jsonToAttribute(b.getContext(),
                        llvm::json::Value(llvm::json::Object(ctx.attrs)))));
  attrs.push_back(b.getNamedAttr("domain", b.getStringAttr("relayviz")));
  auto op = CustomOp::create(b, ctx.loc, types, b.getStringAttr(ctx.opName),
                             inputs, /*source_attrs=*/nullptr,
                             /*domain=*/nullptr);
  for (NamedAttribute attr : attrs)
    op->setAttr(attr.getName(), attr.getValue());
  ctx.result.values.assign(op->getResults().begin(), op->getResults().end());
  ctx.result.isTuple = maxIndex.count(id) > 0;
}

/// The unbound parameters of Function `fn` become the arguments.
void Importer::addArguments(int64_t fn) {
  unsigned order = 0;
  for (const Ref &param : graph.nodes[fn].refs) {
    if (!param)
      continue;
    const Node &var = graph.nodes[param.id];
    if (var.kind != NodeKind::Var) {
      error(fn, param.path, "expected a Var, got " + var.kindName);
      continue;
    }
    if (substitution.count(param.id))
      continue; // Bound: not a parameter any more.
    RankedTensorType type = getType(var.type, param.id, var.path);
    if (type)
      arguments[param.id] = gb.addInput(var.name, type, {}, order++);
  }
}

OwningOpRef<ModuleOp> Importer::run() {
  int64_t entry = findEntry();
  if (entry < 0)
    return nullptr;
  collectSubstitutions(entry);
  // Follow Binds of the entry to its Function (a `root` may name a Bind
  // whose expressions loop or end elsewhere).
  int64_t fn = entry;
  for (size_t steps = 0; graph.nodes[fn].kind == NodeKind::Bind; ++steps) {
    if (steps == graph.nodes.size()) {
      error(entry, jsonPath(graph.nodes[entry].path, "expr"),
            "cycle of Binds: no Function at the end");
      return nullptr;
    }
    fn = graph.nodes[fn].body.id;
  }
  if (graph.nodes[fn].kind != NodeKind::Function) {
    error(entry, graph.nodes[entry].path,
          "expected the Binds of the entry to lead to a Function, got " +
              graph.nodes[fn].kindName);
    return nullptr;
  }
  const Node &function = graph.nodes[fn];
  addArguments(fn);
  if (gb.getNumErrors())
    return nullptr;
  int64_t root = resolve(function.body, fn);
  if (root < 0)
    return gb.finish({}, {});
  walk(root);
  for (const auto &[id, out] : edges)
    if (graph.nodes[id].kind == NodeKind::TupleGetItem)
      for (const Edge &edge : out)
        maxIndex[edge.target] =
            std::max(maxIndex.lookup(edge.target), graph.nodes[id].index);
  if (gb.getNumErrors())
    return gb.finish({}, {});
  place(root);
  materializeScope(0);
  std::optional<NodeValue> result = get(root);
  SmallVector<Value> results;
  SmallVector<std::string> names;
  if (result) {
    if (llvm::is_contained(result->values, Value()))
      error(fn, function.body.path,
            "the result holds an unmodelled tuple field");
    results.assign(result->values.begin(), result->values.end());
    for (Value v : results)
      names.push_back(v ? getLocName(v.getLoc()) : "");
  }
  // The `output_names` extension overrides the producers' node names; a
  // list of another length is reported.
  if (function.hasOutputNames && result) {
    if (function.outputNames.size() == results.size())
      names.assign(function.outputNames.begin(), function.outputNames.end());
    else
      error(fn, jsonPath(function.path, "output_names"),
            "expected " + llvm::Twine(results.size()) + " output names, got " +
                llvm::Twine(function.outputNames.size()));
  }
  if (!function.retTypes.empty() && result &&
      function.retTypes.size() != results.size())
    error(fn, jsonPath(function.path, "ret_type"),
          "expected " + llvm::Twine(results.size()) + " result types, got " +
              llvm::Twine(function.retTypes.size()));
  return gb.finish(results, names);
}

OwningOpRef<ModuleOp> relayviz::importRelayViz(const llvm::SourceMgr &sourceMgr,
                                               MLIRContext *context,
                                               const ImportOptions &options) {
  context->loadDialect<NNGraphDialect, func::FuncDialect, scf::SCFDialect,
                       tensor::TensorDialect>();
  std::optional<llvm::json::Value> json =
      parseJSONBuffer("relayviz", sourceMgr, context);
  if (!json)
    return nullptr;
  Graph graph;
  JSONErrors errors;
  decodeGraph(*json, graph, errors);
  if (!errors.empty()) {
    errors.emit("relayviz", getBufferLoc(sourceMgr, context));
    return nullptr;
  }
  GraphBuilder gb(context, getBufferLoc(sourceMgr, context), "relayviz");
  setSourceFormat(gb.getModule(), "relayviz");
  Importer importer(gb, graph, options);
  return importer.run();
}
