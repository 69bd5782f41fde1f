/** Where a consultation takes place (CONSULTATION_LOCATION) in words: the booking's answer and the visitor's mail say it each in their own sentences. */
import { placeText, type ui } from '../../i18n/ui';
import type { Locale } from '../base/i18n';
import type { ConsultationLocation } from '../base/settings';

type PlaceWords = (typeof ui)[Locale]['scheduling']['place'] | (typeof ui)[Locale]['mail']['booking']['place'];

/** A phone call says whether the person gave a number to call. */
export function placeSentence(location: ConsultationLocation, phoneGiven: boolean, words: PlaceWords): string {
  return location.kind === 'phone' && !phoneGiven ? words.phoneMissing : placeText(location, words);
}
