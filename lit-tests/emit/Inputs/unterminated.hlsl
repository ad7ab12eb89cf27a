cbuffer X { float a; 
