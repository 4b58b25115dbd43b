import { describeCoreSuite } from './support/coreSuite.ts';

// The default sandbox (or CAST_TEST_SANDBOX_VARIANTS), with the real OS keychain. Each service
// variant runs the same suite in its own file under variants/, one sandbox process each.
describeCoreSuite({ keychain: 'os' });
