use criterion as _; fn main() {}
