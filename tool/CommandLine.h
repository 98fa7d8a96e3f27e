//===- CommandLine.h - the cu2hip command line ----------------------------===//
#ifndef CU2HIP_TOOL_COMMANDLINE_H
#define CU2HIP_TOOL_COMMANDLINE_H

namespace cu2hip {

/// The whole `cu2hip` program: parses the command line (CommandLine.cpp)
/// and runs the subcommand it chose or a port run (Driver.h). Returns the
/// exit status: 0, 1 when a file failed or a check found a problem, 2 on a
/// usage or setup error.
int cu2hipMain(int argc, const char **argv);

} // namespace cu2hip

#endif
