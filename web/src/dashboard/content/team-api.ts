// The staff API of the team directory (server/routes/staff/content.ts and content-categories.ts).

export const TEAM_ENDPOINT = '/api/staff/content/team';
/** What a team write changes: the editor's lists, and the go-live checklist's team item. */
export const TEAM_WRITES_INVALIDATE = [TEAM_ENDPOINT, '/api/staff/go-live'] as const;
