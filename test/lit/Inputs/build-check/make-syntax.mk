# make -n -f <file> -f make-syntax.mk cu2hip-syntax-ok
# A goal of its own after the file is read: make parses every line of the
# file (a syntax error such as "missing separator" fails with file:line) and
# expands what it expands when reading (immediate assignments, $(shell),
# conditionals), without building the file's own targets.
cu2hip-syntax-ok: ; @:
