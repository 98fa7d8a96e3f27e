#pragma once
int foo(void);
