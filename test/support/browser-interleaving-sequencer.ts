import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Database and process files queued before each browser file. */
const OTHERS_PER_BROWSER_FILE = 2;

/**
 * Orders the run so the browser files run beside the database and process files, not after
 * all of them. A browser file keeps about one core busy (Chromium waits on the page as much
 * as it works), so run alone, as a project of one worker, they left the second core idle for
 * a third of `npm test`. Vitest hands the next file in this order to whichever of its two
 * workers frees first. A browser file takes about twice as long as another, so one in three
 * keeps about one worker on browser files, and two Chromiums at once rare.
 */
export class BrowserInterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === 'browser');
    const others = sorted.filter((file) => file.project.name !== 'browser');
    const interleaved: TestSpecification[] = [];
    while (browser.length > 0 || others.length > 0) {
      interleaved.push(...others.splice(0, OTHERS_PER_BROWSER_FILE), ...browser.splice(0, 1));
    }
    return interleaved;
  }
}
