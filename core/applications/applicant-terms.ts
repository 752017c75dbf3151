// Spec §6: the statements an applicant agrees to on the last step of either form.
export const APPLICANT_TERMS: string[] = [
  'I understand that this application is part of a wave and that only candidates deemed fit will proceed.',
  'I will not discuss my application in the server.',
  "I agree to the server's and the website's terms and policies.",
  'I have a working microphone and I am willing to use it.',
];

export const ACTIVITY_LEVEL_HINT = 'One conversation equals 15 or more messages.';
