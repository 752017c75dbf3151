import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { teamMembers } from '../schema';

/** What an avatar needs: the name for the initials, the username as the colour seed. */
export function createMemberAvatarsRepository(db: Executor) {
  return {
    async findMember(
      discordUsername: string,
    ): Promise<{ name: string; discordUsername: string } | null> {
      const [row] = await db
        .select({ name: teamMembers.name, discordUsername: teamMembers.discordUsername })
        .from(teamMembers)
        .where(sql`lower(${teamMembers.discordUsername}) = lower(${discordUsername})`)
        .limit(1);
      return row ?? null;
    },
  };
}
