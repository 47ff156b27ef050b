; Mosaic's Windows installer, beside the portable dist\Mosaic.exe. tools/windows/build.sh runs
;
;     makensis -DVERSION=1.0.0 -DEXE=dist/Mosaic.exe -DICON=icon.ico \
;              -DOUTFILE=dist/Mosaic-Setup.exe tools/windows/installer.nsi
;
; For one player, without administrator rights: the game goes to
; %LOCALAPPDATA%\Programs\Mosaic, its Start-menu entry to the player's own Start menu, and
; its uninstaller is registered under HKCU. Silent with /S. Uninstalling removes what was
; installed and nothing else: the player's settings and saved games live in
; %APPDATA%\mosaic-steere (game/play/storage.py) and stay.
;
; Every page's words are NSIS's own, translated by its Modern UI for each language the
; game speaks (English, German, French, Spanish, Italian); the installer adds none.

; 64-bit, as the game is: Debian's NSIS has these stubs, and a 64-bit-only Wine runs them.
Target amd64-unicode
; The game's file is compressed already (PyInstaller's archive): lzma saves 0.3% of it at
; a minute's work, so only the installer's own parts are compressed.
SetCompressor lzma
RequestExecutionLevel user

!include "MUI2.nsh"

!define NAME "Mosaic by Mark Steere"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Mosaic"

Name "${NAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Mosaic"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${NAME}"
VIAddVersionKey /LANG=0 "FileDescription" "${NAME} (installer)"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "The Mosaic studio"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\Mosaic.exe"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first is the default; Windows' own language picks among them.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "Italian"

Section "Mosaic"
    SetOutPath "$INSTDIR"
    SetCompress off
    File "/oname=Mosaic.exe" "${EXE}"
    SetCompress auto
    WriteUninstaller "$INSTDIR\Uninstall.exe"
    ; RequestExecutionLevel user: $SMPROGRAMS is the player's own Start menu.
    CreateShortcut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\Mosaic.exe"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Mosaic studio"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\Mosaic.exe"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
    Delete "$INSTDIR\Mosaic.exe"
    Delete "$INSTDIR\Uninstall.exe"
    RMDir "$INSTDIR"
    Delete "$SMPROGRAMS\${NAME}.lnk"
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
    ; The player's settings and saved games (%APPDATA%\mosaic-steere) are not touched.
SectionEnd
