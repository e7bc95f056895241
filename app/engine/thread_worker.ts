// A Node worker thread hosting the repository's engine build, for the CLI's --jobs.
import { hostThread } from './thread_host';

hostThread();
