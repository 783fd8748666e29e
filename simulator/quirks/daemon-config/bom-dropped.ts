/** Hypothetical quirk: a UTF-8 byte-order mark before the JSON is dropped instead of refused. */
export const BOM_DROPPED = 'hypothetical.config.file.json.bom-dropped';
