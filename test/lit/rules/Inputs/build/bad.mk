x: $(shell echo
