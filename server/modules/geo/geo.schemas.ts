import { type Static, Type } from 'typebox';

export const Region = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'Statistics Finland region code, e.g. "01" for Uusimaa' }),
  name: Type.String({ description: 'Name in the language of the request' }),
  name_fi: Type.String(),
  name_sv: Type.String(),
});

export const City = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'Statistics Finland municipality code, e.g. "091" for Helsinki' }),
  name: Type.String({ description: 'Name in the language of the request' }),
  name_fi: Type.String(),
  name_sv: Type.String(),
  region_id: Type.Integer(),
  lat: Type.Number(),
  lon: Type.Number(),
});

export const RegionList = Type.Object({ data: Type.Array(Region) });
export const CityList = Type.Object({ data: Type.Array(City) });

export type Region = Static<typeof Region>;
export type City = Static<typeof City>;
