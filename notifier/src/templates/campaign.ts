import { sanitizeRichText } from '@placement/platform';
import type { RenderedMail } from '../mail/mailer';
import { htmlToText } from './html-to-text';
import { escapeHtml, inLayout } from './layout';

export interface CampaignMail {
  subject: string;
  /** The composer's rich text; sanitized again here, whatever the event says. */
  content: string;
  /** The open-tracking pixel of this recipient, when the campaign tracks opens. */
  pixelUrl?: string;
}

/** A bulk e-mail from the composer, in the portal's layout. */
export function campaignMail({ subject, content, pixelUrl }: CampaignMail): RenderedMail {
  const body = sanitizeRichText(content);
  const pixel = pixelUrl ? `<img src="${escapeHtml(pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">` : '';
  return inLayout(subject, { html: `${body}${pixel}`, text: htmlToText(body) });
}
