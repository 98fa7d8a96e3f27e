// Plain C++ (no CUDA): FLT_MAX comes from its own includes.
float big() { return FLT_MAX; }
