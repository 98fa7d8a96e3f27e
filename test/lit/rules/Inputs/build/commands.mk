NVCC := $(shell which nvcc)
NVCCFLAGS = -O2
$(warning building with nvcc $(NVCCFLAGS))
all: a
a: a.cu
	@echo nvcc -O2 a.cu
	if true; then nvcc -O2 a.cu -o a; fi
	$(NVCC) $(NVCCFLAGS) a.cu -o a
