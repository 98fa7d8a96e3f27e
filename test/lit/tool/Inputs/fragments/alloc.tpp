template <class T> void allocate(T **p) { cudaMalloc(p, 64 * sizeof(T)); }
