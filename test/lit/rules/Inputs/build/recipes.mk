all: a b
a: a.cu
	nvcc -O2 -arch=sm_70 a.cu -o a -lcufft
b: b.cu
	nvcc -O2 --expt-extended-lambda b.cu -o b && echo -arch=sm_70
