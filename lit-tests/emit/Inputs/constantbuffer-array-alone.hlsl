struct S { float a; };
ConstantBuffer<S> cbs[2];
