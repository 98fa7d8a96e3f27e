#pragma once
#define PRELUDE_LEVEL 1
#pragma push_macro("PRELUDE_LEVEL")
#undef PRELUDE_LEVEL
#define PRELUDE_LEVEL 2
