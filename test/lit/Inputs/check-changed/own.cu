void sync_all() { cudaDeviceSynchronize(); }
