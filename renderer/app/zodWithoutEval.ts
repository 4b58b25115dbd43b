import { z } from 'zod';

// The page's Content-Security-Policy allows no eval. zod compiles object parsers with `new Function`
// when it may, and probing for that is itself reported as a violation: parse without compiling.
// Imported first by main.tsx, before any module can parse.
z.config({ jitless: true });
