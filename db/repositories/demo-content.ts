import { count, eq } from 'drizzle-orm';
import type { DemoCounts } from '../../core/setup/go-live';
import type { Executor } from '../client';
import { blogPosts, portfolioProfiles, teamMembers } from '../schema';
import { bumpContentVersion } from './content-version';

// The rows the demo seed made up (db/seed.ts marks them `demo`): the go-live checklist leaves
// them out, and an executive removes them all at once ("Remove all demo content").

export function createDemoContentRepository(db: Executor) {
  return {
    async count(): Promise<DemoCounts> {
      const [[members], [portfolios], [posts]] = await Promise.all([
        db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.demo, true)),
        db.select({ n: count() }).from(portfolioProfiles).where(eq(portfolioProfiles.demo, true)),
        db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.demo, true)),
      ]);
      return {
        members: Number(members?.n ?? 0),
        portfolios: Number(portfolios?.n ?? 0),
        posts: Number(posts?.n ?? 0),
      };
    },

    /**
     * Deletes every demo row in one transaction and answers how many this call deleted. Two
     * presses at once: the second waits on the first's row locks, then finds nothing left, so
     * together they delete each row once and both end with no demo content.
     */
    async removeAll(): Promise<DemoCounts> {
      return db.transaction(async (tx) => {
        // Their category places go with them (ON DELETE CASCADE).
        const members = await tx
          .delete(teamMembers)
          .where(eq(teamMembers.demo, true))
          .returning({ id: teamMembers.id });
        const portfolios = await tx
          .delete(portfolioProfiles)
          .where(eq(portfolioProfiles.demo, true))
          .returning({ username: portfolioProfiles.username });
        const posts = await tx
          .delete(blogPosts)
          .where(eq(blogPosts.demo, true))
          .returning({ id: blogPosts.id });
        const removed = {
          members: members.length,
          portfolios: portfolios.length,
          posts: posts.length,
        };
        if (removed.members + removed.portfolios + removed.posts > 0) {
          await bumpContentVersion(tx, 'demo content removed');
        }
        return removed;
      });
    },
  };
}
