// cu2hip CPU SIMT emulator: <hipcub/device/device_memcpy.hpp> is not emulated.
#pragma once
#error "cu2hip-emu: <hipcub/device/device_memcpy.hpp> is not emulated (the emulated hipCUB subset: warp/block/device reduce and scan; docs/emulator.md)"
