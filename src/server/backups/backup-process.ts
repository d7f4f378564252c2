import { createBackup, type BackupRequest } from './create-backup';

// One scheduled backup, in a process of its own (forked by backup-schedule.ts): the copy and its check read the
// whole book, half a second at 30,000 reservations and near two at 130,000, which the app's requests must not
// wait on. A process rather than a worker thread: a thread's memory stayed in the app after it ended (80 MiB
// from the sources, where the thread loads tsx), a process's goes with it.

process.once('message', (request: BackupRequest) => {
  let answer: { result: ReturnType<typeof createBackup> } | { failure: string };
  try {
    answer = { result: createBackup(request) };
  } catch (error) {
    answer = { failure: (error as Error).message };
  }
  process.send?.(answer, () => process.disconnect());
});
