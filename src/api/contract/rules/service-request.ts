// The service request (document 2 §2.2, §5, §7, §8): the chosen templates, sent as a comma-separated
// list of ids. The catalogue's request button and the server refuse an empty choice with the same rule
// and words; the server's answer is the screen's success message.
export const serviceRequestWords = {
  none: 'You must select at least one template',
  notIds: 'The templates field must be a comma-separated list of template ids.',
  created: 'Service created successfully',
} as const;

/** §5: at least one template is chosen. */
export const noTemplateError = (ids: readonly unknown[]): string | undefined =>
  ids.length ? undefined : serviceRequestWords.none;
