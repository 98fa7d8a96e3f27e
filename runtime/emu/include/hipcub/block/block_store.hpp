// cu2hip CPU SIMT emulator: <hipcub/block/block_store.hpp> is not emulated.
#pragma once
#error "cu2hip-emu: <hipcub/block/block_store.hpp> is not emulated (the emulated hipCUB subset: warp/block/device reduce and scan; docs/emulator.md)"
