// One trivial kernel and the CUDA runtime's own report of its launch: built for one architecture
// only (record_gpu_host.sh), it shows what the runtime prints when no image fits the device.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_one(int *x) { x[threadIdx.x] += 1; }

int main() {
  int *d = nullptr;
  cudaError_t err = cudaMalloc(&d, 32 * sizeof(int));
  if (err != cudaSuccess) {
    fprintf(stderr, "cudaMalloc: %s: %s\n", cudaGetErrorName(err), cudaGetErrorString(err));
    return 1;
  }
  add_one<<<1, 32>>>(d);
  err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    fprintf(stderr, "kernel launch: %s: %s\n", cudaGetErrorName(err), cudaGetErrorString(err));
    return 1;
  }
  printf("kernel ran\n");
  return 0;
}
