// Labels for profile fields and their values, in every language.
import { defineMessages, type MessageDescriptor } from 'react-intl';

export const fieldLabels: Record<string, MessageDescriptor> = defineMessages({
  age: { id: 'profile.field.age', defaultMessage: 'Age' },
  gender: { id: 'profile.field.gender', defaultMessage: 'Gender' },
  sexuality: { id: 'profile.field.sexuality', defaultMessage: 'Orientation' },
  country: { id: 'profile.field.country', defaultMessage: 'Country' },
  region: { id: 'profile.field.region', defaultMessage: 'Region' },
  city: { id: 'profile.field.city', defaultMessage: 'City' },
  hair_colour: { id: 'profile.field.hair_colour', defaultMessage: 'Hair colour' },
  eye_colour: { id: 'profile.field.eye_colour', defaultMessage: 'Eye colour' },
  body_type: { id: 'profile.field.body_type', defaultMessage: 'Body type' },
  relationship_status: { id: 'profile.field.relationship_status', defaultMessage: 'Relationship status' },
  tattoos: { id: 'profile.field.tattoos', defaultMessage: 'Tattoos' },
  interests: { id: 'profile.field.interests', defaultMessage: 'Interests' },
});

export const valueLabels: Record<string, MessageDescriptor> = defineMessages({
  'gender.male': { id: 'profile.value.gender.male', defaultMessage: 'Man' },
  'gender.female': { id: 'profile.value.gender.female', defaultMessage: 'Woman' },
  'sexuality.hetero': { id: 'profile.value.sexuality.hetero', defaultMessage: 'Straight' },
  'sexuality.gay': { id: 'profile.value.sexuality.gay', defaultMessage: 'Gay' },
  'sexuality.lesbian': { id: 'profile.value.sexuality.lesbian', defaultMessage: 'Lesbian' },
  'sexuality.bi': { id: 'profile.value.sexuality.bi', defaultMessage: 'Bisexual' },
  'hair_colour.black': { id: 'profile.value.hair.black', defaultMessage: 'Black' },
  'hair_colour.brown': { id: 'profile.value.hair.brown', defaultMessage: 'Brown' },
  'hair_colour.blonde': { id: 'profile.value.hair.blonde', defaultMessage: 'Blonde' },
  'hair_colour.red': { id: 'profile.value.hair.red', defaultMessage: 'Red' },
  'hair_colour.grey': { id: 'profile.value.hair.grey', defaultMessage: 'Grey' },
  'hair_colour.white': { id: 'profile.value.hair.white', defaultMessage: 'White' },
  'hair_colour.bald': { id: 'profile.value.hair.bald', defaultMessage: 'Bald' },
  'hair_colour.other': { id: 'profile.value.hair.other', defaultMessage: 'Other' },
  'eye_colour.brown': { id: 'profile.value.eyes.brown', defaultMessage: 'Brown' },
  'eye_colour.blue': { id: 'profile.value.eyes.blue', defaultMessage: 'Blue' },
  'eye_colour.green': { id: 'profile.value.eyes.green', defaultMessage: 'Green' },
  'eye_colour.grey': { id: 'profile.value.eyes.grey', defaultMessage: 'Grey' },
  'eye_colour.hazel': { id: 'profile.value.eyes.hazel', defaultMessage: 'Hazel' },
  'eye_colour.other': { id: 'profile.value.eyes.other', defaultMessage: 'Other' },
  'body_type.slim': { id: 'profile.value.body.slim', defaultMessage: 'Slim' },
  'body_type.athletic': { id: 'profile.value.body.athletic', defaultMessage: 'Athletic' },
  'body_type.average': { id: 'profile.value.body.average', defaultMessage: 'Average' },
  'body_type.curvy': { id: 'profile.value.body.curvy', defaultMessage: 'Curvy' },
  'body_type.muscular': { id: 'profile.value.body.muscular', defaultMessage: 'Muscular' },
  'body_type.large': { id: 'profile.value.body.large', defaultMessage: 'A few extra pounds' },
  'relationship_status.single': { id: 'profile.value.relationship.single', defaultMessage: 'Single' },
  'relationship_status.divorced': { id: 'profile.value.relationship.divorced', defaultMessage: 'Divorced' },
  'relationship_status.widowed': { id: 'profile.value.relationship.widowed', defaultMessage: 'Widowed' },
  'relationship_status.separated': { id: 'profile.value.relationship.separated', defaultMessage: 'Separated' },
  'relationship_status.in_relationship': { id: 'profile.value.relationship.in_relationship', defaultMessage: 'In a relationship' },
  'relationship_status.married': { id: 'profile.value.relationship.married', defaultMessage: 'Married' },
  'tattoos.true': { id: 'profile.value.yes', defaultMessage: 'Yes' },
  'tattoos.false': { id: 'profile.value.no', defaultMessage: 'No' },
});

export const noteLabels: Record<string, MessageDescriptor> = defineMessages({
  about: { id: 'profile.note.about', defaultMessage: 'About me' },
  looking_for: { id: 'profile.note.looking_for', defaultMessage: 'What I am looking for' },
});
