/** A customer's review as the dashboard's Reviews list shows it (all staff). */
export type StaffReview = {
  id: number;
  orderId: string;
  customerDiscordId: string;
  /** Their Discord name (the people table); null when never seen: show the id. */
  customerName: string | null;
  customerRobloxUsername: string;
  designerDiscordId: string;
  designerName: string | null;
  rating: number;
  comment: string;
  publish: boolean;
  hidden: boolean;
  createdAt: Date;
};
