#define CFG_SCALE 4
