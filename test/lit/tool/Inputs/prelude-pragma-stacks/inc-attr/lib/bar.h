#pragma once
int bar(void);
