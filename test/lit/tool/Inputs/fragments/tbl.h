#pragma once
#define ROW(n) n,
static const int rows[] = {
#include "rows.inc"
};
