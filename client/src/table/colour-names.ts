import { colourById, ColourId } from '@samurai/shared';
import { t } from '../i18n/i18n';

/** A seat colour's name in the interface's language (its id as it is when it is none of ours). */
export function colourName(id: string): string {
  return colourById(id) ? t(`table.colours.${id as ColourId}`) : id;
}
