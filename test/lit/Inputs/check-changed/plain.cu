// Nothing here or in what it includes changes in the port.
#include "plain.h"
int twice(int v) { return v * PLAIN_FACTOR; }
