import type { TeamCategory, TeamMember } from '../../../../core/content/types';

/** `GET /api/team` */
export type TeamCategoryWithMembers = TeamCategory & { members: TeamMember[] };
export type TeamResponse = { categories: TeamCategoryWithMembers[] };
