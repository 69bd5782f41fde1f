/** The nine published tools, in their documented order: what tests expect. */
export const specToolNames = [
  'articles_recommend',
  'services_list',
  'pricing_get',
  'contact_submit',
  'service_inquiry_submit',
  'consultation_availability',
  'consultation_book',
  'newsletter_subscribe',
  'newsletter_unsubscribe',
];
