func.func @a() {
  return
}
func.func @b() {
  return
}
