// A class from start to deletion on the embedded database (in memory).
import { describe } from 'vitest';

import { embedded } from './db/database';
import { flowTests } from './flow_suite';

describe('a class on the embedded database', () => {
  flowTests(() => embedded(null));
});
