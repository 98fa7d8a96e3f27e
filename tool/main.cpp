//===- main.cpp - the cu2hip executable -----------------------------------===//
//
// The command line and the run live in the cu2hipDriver library
// (CommandLine.cpp, Driver.h), so they can be unit-tested.
//===----------------------------------------------------------------------===//
#include "CommandLine.h"

int main(int argc, const char **argv) { return cu2hip::cu2hipMain(argc, argv); }
