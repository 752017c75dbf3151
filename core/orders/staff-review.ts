/** A customer's review as the dashboard's Reviews list shows it (all staff). */
export type StaffReview = {
  id: number;
  orderId: string;
  customerDiscordId: string;
  customerRobloxUsername: string;
  designerDiscordId: string;
  rating: number;
  comment: string;
  publish: boolean;
  hidden: boolean;
  createdAt: Date;
};
