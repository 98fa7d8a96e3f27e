int plain() { return 1; }
