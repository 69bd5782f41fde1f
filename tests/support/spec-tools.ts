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

/** Every tool the server offers, in registry order: the specification's nine and the case-study reads the site adds after the other reads. */
export const offeredToolNames = [...specToolNames.slice(0, 3), 'case_studies_list', 'case_study_get', ...specToolNames.slice(3)];
