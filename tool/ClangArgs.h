//===- ClangArgs.h - arguments cu2hip hands to clang ----------------------===//
//
// `cu2hip [options] -- [clang arguments]`: the split at `--`, relative
// include directories made absolute (each file is parsed in its own
// directory), and a check that names every argument clang's driver does not
// know, so a typo is said, not silently dropped.
//===----------------------------------------------------------------------===//
#ifndef CU2HIP_TOOL_CLANGARGS_H
#define CU2HIP_TOOL_CLANGARGS_H

#include <string>
#include <vector>

namespace cu2hip {

/// Splits `argv` at the first `--` into cu2hip's own arguments (argv[0]
/// first) and clang's; `-I dir`, `-Idir`, `-isystem`, `-iquote` and
/// `-idirafter` with a relative directory get it made absolute.
void splitCommandLine(int Argc, const char **Argv, std::vector<const char *> &Own,
                      std::vector<std::string> &Clang);

/// One message per argument of `Args` that clang's driver does not accept:
/// an unknown flag (kept: clang ignores it), a word that is not a flag
/// (removed from `Args`: it would be parsed as a second input), a flag
/// missing its value. `Where` names the source ("after --", "in --config").
std::vector<std::string> checkClangArgs(std::vector<std::string> &Args,
                                        const std::string &Where);

} // namespace cu2hip

#endif
