__global__ void kern(float *x) { x[threadIdx.x] = 1.0f; }
