import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant signed-urls` (docs/service-decisions.md),
// with addresses that expire within seconds, so some expire before their download starts.
describeCoreSuite({ variants: ['signed-urls=3'], keychain: 'memory' });
