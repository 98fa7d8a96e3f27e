// ok: a stand-in unit (fake-hipcc.sh prints its error)
int main() { return 0; }
