struct StrT { float s; };
