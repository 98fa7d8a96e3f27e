// cu2hip CPU SIMT emulator: stand-in for <hipcub/hipcub.hpp>. The emulated hipCUB
// subset and its checks: cu2hip_emu/hipcub.h and docs/emulator.md.
#pragma once
#ifndef HIPCUB_HPP_
#define HIPCUB_HPP_  // hipCUB's include guard, which code tests
#endif
#include "cu2hip_emu/hipcub.h"
