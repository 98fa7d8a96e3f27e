#define BLK 64
